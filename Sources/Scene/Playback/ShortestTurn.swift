/// `angle` wrapped into (−π, π]: the short way round.
func shortestTurn(_ angle: Double) -> Double {
    let twoPi = 2 * Double.pi
    var a = angle.truncatingRemainder(dividingBy: twoPi)
    if a > .pi { a -= twoPi } else if a <= -.pi { a += twoPi }
    return a
}

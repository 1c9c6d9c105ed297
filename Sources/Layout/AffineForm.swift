/// A linear form over solver variables and slot values: Σ terms + Σ slotTerms·values +
/// constant. Views laid out by constraints contribute variables; views with fixed frames
/// (and scroll offsets) contribute the values of their slots at each instant.
struct AffineForm: Sendable {
    var terms: [LinearExpression.Term] = []
    var slotTerms: [(slot: Int, coefficient: Double)] = []
    var constant = 0.0

    static func + (a: AffineForm, b: AffineForm) -> AffineForm {
        AffineForm(terms: a.terms + b.terms, slotTerms: a.slotTerms + b.slotTerms, constant: a.constant + b.constant)
    }
    static func * (a: AffineForm, k: Double) -> AffineForm {
        AffineForm(terms: a.terms.map { .init($0.variable, $0.coefficient * k) }, slotTerms: a.slotTerms.map { ($0.slot, $0.coefficient * k) },
                   constant: a.constant * k)
    }
    static func - (a: AffineForm, b: AffineForm) -> AffineForm { a + b * -1 }

    static func variable(_ v: Variable, _ k: Double = 1) -> AffineForm { AffineForm(terms: [.init(v, k)]) }
    static func slot(_ s: Int, _ k: Double = 1) -> AffineForm { AffineForm(slotTerms: [(s, k)]) }
    static func constant(_ c: Double) -> AffineForm { AffineForm(constant: c) }

    /// The constant part at one instant.
    func constantPart(_ values: [Double]) -> Double {
        slotTerms.reduce(constant) { $0 + $1.coefficient * values[$1.slot] }
    }
}

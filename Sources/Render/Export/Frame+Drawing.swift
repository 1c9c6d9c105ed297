import Drawing

extension Frame {
    /// Whether `other` draws exactly the same pixels: the same size, background and display
    /// list. The index and time are not compared — they are not drawn.
    func drawsLike(_ other: Frame) -> Bool {
        size == other.size && background == other.background && commands == other.commands
    }
}

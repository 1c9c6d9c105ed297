import Drawing

/// A UIImageView's image and content mode.
public struct ViewImage: Hashable, Sendable {
    public var source: ImageSource
    public var contentMode: ContentMode
    public init(source: ImageSource, contentMode: ContentMode = .scaleToFill) {
        self.source = source; self.contentMode = contentMode
    }
}

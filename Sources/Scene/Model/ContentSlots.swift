import Drawing

/// Runtime state that is not a number: a label's text, a view's image. It lives in the
/// `SlotStore` beside the scalar slots and follows the same rules: an action sets it at once
/// (`Action.contentAssignments`), checkpoints copy it, and what is drawn at an instant depends
/// only on the events before it. Content is not animated.
public enum ContentValue: Hashable, Sendable {
    case text(String)
    /// An image, or none. Every image a scene can show is among `Scene.imageSources`, decoded
    /// before the first frame.
    case image(ImageSource?)

    /// The kind of content slot it fits.
    public var kind: ContentSlot.Kind {
        switch self {
        case .text: return .labelText
        case .image: return .image
        }
    }
}

/// Names one content slot: index into `Scene.contentSlots`.
public struct ContentSlotID: Hashable, Comparable, Sendable {
    public let index: Int
    public init(_ index: Int) { self.index = index }
    public static func < (a: ContentSlotID, b: ContentSlotID) -> Bool { a.index < b.index }
}

/// A content slot: which view's what, and its value at the start.
public struct ContentSlot: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The text of the view's label (a view with a label has one).
        case labelText
        /// The view's image (a view with an image has one).
        case image
    }
    public var view: ViewID
    public var kind: Kind
    public var initialValue: ContentValue
}

/// `text` or `image` of a view set at once when an action runs.
public struct ContentAssignment: Hashable, Sendable {
    public var slot: ContentSlotID
    /// The value set; with a `format`, the kind only (the text is the format's).
    public var value: ContentValue
    /// A text computed from presentation values and variables when the action runs
    /// (`"Updated {count} items"`), or nil for `value` as it is.
    public var format: TextFormat?
    public init(slot: ContentSlotID, value: ContentValue) { self.slot = slot; self.value = value }
    /// A label text computed by `format` when the action runs.
    public init(slot: ContentSlotID, format: TextFormat) { self.slot = slot; self.value = .text(""); self.format = format }
}

extension Scene {
    /// The content slots, in view order (a view's label text, then its image): one for each
    /// label and each image the views declare.
    public var contentSlots: [ContentSlot] { Self.contentSlots(of: views) }

    /// The content slots `views` have (`contentSlots`), for a reader that has views before a scene.
    public static func contentSlots(of views: [View]) -> [ContentSlot] {
        var slots: [ContentSlot] = []
        for (index, view) in views.enumerated() {
            if let label = view.label { slots.append(ContentSlot(view: ViewID(index), kind: .labelText, initialValue: .text(label.text))) }
            if let image = view.image { slots.append(ContentSlot(view: ViewID(index), kind: .image, initialValue: .image(image.source))) }
        }
        return slots
    }

    /// The content slot of `view`'s label text or image, if it has one.
    public func contentSlot(of view: ViewID, _ kind: ContentSlot.Kind) -> ContentSlotID? {
        contentSlots.firstIndex { $0.view == view && $0.kind == kind }.map(ContentSlotID.init)
    }
}

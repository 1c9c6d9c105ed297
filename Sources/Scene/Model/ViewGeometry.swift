import Motion

/// Reading and writing a view's derived properties (`frame.*`, `transform.scale`) through its
/// stored slots, as CALayer computes `frame` and UIKit's `setFrame:` sets it.
enum ViewGeometry {
    /// The layer's transform about its anchor point, from stored values `v` in `slots`.
    static func transform(_ v: [Double], slots: ViewSlots) -> AffineTransform {
        ViewTransform.matrix(translationX: v[slots[.translationX]],
                             translationY: v[slots[.translationY]],
                             scaleX: v[slots[.scaleX]], scaleY: v[slots[.scaleY]],
                             rotation: v[slots[.rotation]])
    }

    /// Maps the view's own (bounds) coordinates into its parent's bounds coordinates:
    /// subtract the bounds origin and the anchor, apply the transform, add the position.
    static func localToParent(_ v: [Double], slots: ViewSlots) -> AffineTransform {
        func at(_ p: ViewProperty) -> Double { v[slots[p]] }
        let anchorX = at(.anchorX) * at(.boundsWidth), anchorY = at(.anchorY) * at(.boundsHeight)
        var m = transform(v, slots: slots)
        // (p − origin − anchor) · M + position, folded into one matrix.
        let shiftX = -at(.boundsX) - anchorX, shiftY = -at(.boundsY) - anchorY
        let tx = shiftX * m.a + shiftY * m.c + m.tx + at(.positionX)
        let ty = shiftX * m.b + shiftY * m.d + m.ty + at(.positionY)
        m.tx = tx; m.ty = ty
        return m
    }

    /// The frame: the bounding box of the bounds after the transform, in the parent's bounds
    /// coordinates. With an identity transform, exactly position − anchorPoint × size.
    static func frame(_ v: [Double], slots: ViewSlots) -> Rect {
        func at(_ p: ViewProperty) -> Double { v[slots[p]] }
        let width = at(.boundsWidth), height = at(.boundsHeight)
        let left = -at(.anchorX) * width, top = -at(.anchorY) * height
        if at(.rotation) == 0, at(.scaleX) == 1, at(.scaleY) == 1 {
            return Rect(x: at(.positionX) + at(.translationX) + left, y: at(.positionY) + at(.translationY) + top,
                        width: width, height: height)
        }
        let box = transform(v, slots: slots).boundingBox(of: Rect(x: left, y: top, width: width, height: height))
        return Rect(x: at(.positionX) + box.minX, y: at(.positionY) + box.minY, width: box.width, height: box.height)
    }

    /// A derived property's value from stored values `v` of the view at `slots`.
    static func read(_ property: DerivedViewProperty, _ v: [Double], slots: ViewSlots) -> Double {
        switch property {
        case .frameX: return frame(v, slots: slots).minX
        case .frameY: return frame(v, slots: slots).minY
        case .frameWidth: return frame(v, slots: slots).width
        case .frameHeight: return frame(v, slots: slots).height
        case .scale: return v[slots[.scaleX]]
        }
    }

    /// The stored slots a write of `value` to `property` sets, with their new values, given the
    /// current model `v`. Writing the frame assumes an identity transform, as `setFrame:` does:
    /// `frame.x` moves the position; `frame.width` sets bounds.width and moves the position so
    /// that the frame's left edge stays. Every new value is affine in `value`.
    static func writes(_ property: DerivedViewProperty, value: Double, _ v: [Double], slots: ViewSlots) -> [(slot: Int, value: Double)] {
        func slot(_ p: ViewProperty) -> Int { slots[p] }
        func at(_ p: ViewProperty) -> Double { v[slot(p)] }
        switch property {
        case .frameX: return [(slot(.positionX), value + at(.anchorX) * at(.boundsWidth))]
        case .frameY: return [(slot(.positionY), value + at(.anchorY) * at(.boundsHeight))]
        case .frameWidth:
            let left = at(.positionX) - at(.anchorX) * at(.boundsWidth)
            return [(slot(.boundsWidth), value), (slot(.positionX), left + at(.anchorX) * value)]
        case .frameHeight:
            let top = at(.positionY) - at(.anchorY) * at(.boundsHeight)
            return [(slot(.boundsHeight), value), (slot(.positionY), top + at(.anchorY) * value)]
        case .scale: return [(slot(.scaleX), value), (slot(.scaleY), value)]
        }
    }

    /// The slots a write to `property` claims as their driver: every slot it sets
    /// (`frame.width` sets bounds.width and moves the position to keep the left edge, so a
    /// binding of it drives both).
    static func claims(_ property: DerivedViewProperty, slots: ViewSlots) -> [Int] {
        PropertyRef.derived(view: slots.view, property).writtenSlots
    }

    /// What a binding of `property` sets: as `writes`, except that `frame.width` and
    /// `frame.height` keep the edge the view started with (`initial` model values), not the
    /// one the previous instant left, so the result never depends on which instants were
    /// evaluated before. (The binding drives the position too, so nothing else moves that edge.)
    static func bindingWrites(_ property: DerivedViewProperty, value: Double, _ v: [Double], initial: [Double], slots: ViewSlots) -> [(slot: Int, value: Double)] {
        func slot(_ p: ViewProperty) -> Int { slots[p] }
        switch property {
        case .frameWidth:
            let left = initial[slot(.positionX)] - initial[slot(.anchorX)] * initial[slot(.boundsWidth)]
            return [(slot(.boundsWidth), value), (slot(.positionX), left + v[slot(.anchorX)] * value)]
        case .frameHeight:
            let top = initial[slot(.positionY)] - initial[slot(.anchorY)] * initial[slot(.boundsHeight)]
            return [(slot(.boundsHeight), value), (slot(.positionY), top + v[slot(.anchorY)] * value)]
        default:
            return writes(property, value: value, v, slots: slots)
        }
    }
}

extension ViewGeometry {
    /// The stored slots of the view at `slots` that `bindingWrites` reads besides the value:
    /// `frame.x` places the position by the anchor and the width.
    static func bindingWriteInputs(_ property: DerivedViewProperty, slots: ViewSlots) -> [Int] {
        let read: [ViewProperty]
        switch property {
        case .frameX: read = [.anchorX, .boundsWidth]
        case .frameY: read = [.anchorY, .boundsHeight]
        case .frameWidth: read = [.anchorX]
        case .frameHeight: read = [.anchorY]
        case .scale: read = []
        }
        return read.map { slots[$0] }
    }
}

extension PropertyRef {
    /// The slots an action's write here sets as its own value (`frame.width` sets
    /// bounds.width; the position it moves to keep the left edge is a consequence, and an
    /// animation of it rides on whatever drives the position, as in UIKit).
    var primarySlots: [Int] {
        switch self {
        case .slot(let slot): return [slot.index]
        case .derived(let view, .frameWidth): return [SlotLayout.slots(of: view)[.boundsWidth]]
        case .derived(let view, .frameHeight): return [SlotLayout.slots(of: view)[.boundsHeight]]
        case .derived: return writtenSlots
        }
    }

    /// The stored slots a binding of this property drives: every slot it sets.
    public var claimedSlots: [Int] {
        switch self {
        case .slot(let slot): return [slot.index]
        case .derived(let view, let property): return ViewGeometry.claims(property, slots: SlotLayout.slots(of: view))
        }
    }

    /// The value in stored values `v` (model or presentation).
    public func value(in v: [Double]) -> Double {
        switch self {
        case .slot(let slot): return v[slot.index]
        case .derived(let view, let property): return ViewGeometry.read(property, v, slots: SlotLayout.slots(of: view))
        }
    }

    /// The stored slots and values that writing `value` here sets, given the model `v`.
    public func writes(_ value: Double, model v: [Double]) -> [(slot: Int, value: Double)] {
        switch self {
        case .slot(let slot): return [(slot.index, value)]
        case .derived(let view, let property): return ViewGeometry.writes(property, value: value, v, slots: SlotLayout.slots(of: view))
        }
    }
}

extension PropertyRef {
    /// Every stored slot a write here may set (claimed or kept consistent).
    var writtenSlots: [Int] {
        switch self {
        case .slot(let slot): return [slot.index]
        case .derived(let view, let property):
            let slots = SlotLayout.slots(of: view)
            switch property {
            case .frameX: return [slots[.positionX]]
            case .frameY: return [slots[.positionY]]
            case .frameWidth: return [slots[.boundsWidth], slots[.positionX]]
            case .frameHeight: return [slots[.boundsHeight], slots[.positionY]]
            case .scale: return [slots[.scaleX], slots[.scaleY]]
            }
        }
    }

    /// Every stored slot reading this value depends on. Without rotation a frame's x and width
    /// depend only on the horizontal slots (and y and height on the vertical ones), so
    /// `card.frame.height: card.frame.width / 2` is no cycle; `rotatable` says whether the
    /// view's rotation can be non-zero.
    func readSlots(rotatable: Bool) -> [Int] {
        switch self {
        case .slot(let slot): return [slot.index]
        case .derived(let view, .scale): return [SlotLayout.slots(of: view)[.scaleX]]
        case .derived(let view, let property):
            let slots = SlotLayout.slots(of: view)
            let horizontal: [ViewProperty] = [.boundsWidth, .scaleX, .anchorX], vertical: [ViewProperty] = [.boundsHeight, .scaleY, .anchorY]
            let isX = property == .frameX || property == .frameWidth
            var read = isX ? horizontal : vertical
            if rotatable { read += (isX ? vertical : horizontal) + [.rotation] }
            if property == .frameX { read += [.positionX, .translationX] }
            if property == .frameY { read += [.positionY, .translationY] }
            return read.map { slots[$0] }
        }
    }

    /// Whether it names a slot or view that exists in a store of `slotCount` slots and
    /// `viewCount` views.
    func isValid(slotCount: Int, viewCount: Int) -> Bool {
        switch self {
        case .slot(let slot): return slot.index >= 0 && slot.index < slotCount
        case .derived(let view, _): return view.index >= 0 && view.index < viewCount
        }
    }
}

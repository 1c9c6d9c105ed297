import Motion

/// A view's place in its parent with Core Animation's 3D components: its own transform (with
/// its perspective) about its anchor point, its position and zPosition, then the parent's
/// `sublayerTransform` about the parent's anchor point, flattened into the parent's plane
/// (every CALayer but a CATransformLayer flattens its sublayers).
extension ViewGeometry {
    /// The view's own transform, from stored values `v` in `slots`.
    static func transform3D(_ v: [Double], slots: ViewSlots) -> Transform3D {
        ViewTransform.matrix3D(translation: (v[slots[.translationX]], v[slots[.translationY]], v[slots[.translationZ]]),
                               scale: (v[slots[.scaleX]], v[slots[.scaleY]], v[slots[.scaleZ]]),
                               rotation: (v[slots[.rotationX]], v[slots[.rotationY]], v[slots[.rotation]]), m34: v[slots[.m34]])
    }

    /// The sublayer transform of the view at `slots`, or nil when it is the identity.
    static func sublayerTransform3D(_ v: [Double], slots: ViewSlots) -> Transform3D? {
        let t = (v[slots[.sublayerTranslationX]], v[slots[.sublayerTranslationY]], v[slots[.sublayerTranslationZ]])
        let s = (v[slots[.sublayerScaleX]], v[slots[.sublayerScaleY]], v[slots[.sublayerScaleZ]])
        let r = (x: v[slots[.sublayerRotationX]], y: v[slots[.sublayerRotationY]], z: v[slots[.sublayerRotation]])
        let m34 = v[slots[.sublayerM34]]
        if t == (0, 0, 0), s == (1, 1, 1), r.x == 0, r.y == 0, r.z == 0, m34 == 0 { return nil }
        return ViewTransform.matrix3D(translation: t, scale: s, rotation: r, m34: m34)
    }

    /// Whether the view's own transform is affine (no rotation about x or y, no perspective).
    static func ownTransformIsAffine(_ v: [Double], slots: ViewSlots) -> Bool {
        v[slots[.rotationX]] == 0 && v[slots[.rotationY]] == 0 && v[slots[.m34]] == 0
    }

    /// Maps the view's bounds coordinates into its parent's bounds coordinates, with the
    /// parent's (at `parent`) sublayer transform: affine for a 2D view under a parent without
    /// one (then exactly `localToParent`), projective otherwise. `instance`, when given (a
    /// replicator's instance transform, in the parent's coordinates), comes between the view's
    /// own placement and the parent's sublayer transform.
    static func localToParentProjective(_ v: [Double], slots: ViewSlots, parent: ViewSlots?, instance: Transform3D? = nil) -> Homography {
        let sublayer = parent.flatMap { sublayerTransform3D(v, slots: $0) }
        if sublayer == nil, instance == nil, ownTransformIsAffine(v, slots: slots) { return Homography(localToParent(v, slots: slots)) }
        func at(_ p: ViewProperty) -> Double { v[slots[p]] }
        let shift = Transform3D(translationX: -at(.boundsX) - at(.anchorX) * at(.boundsWidth),
                                y: -at(.boundsY) - at(.anchorY) * at(.boundsHeight), z: 0)
        var m = shift.concatenating(transform3D(v, slots: slots))
            .concatenating(Transform3D(translationX: at(.positionX), y: at(.positionY), z: at(.zPosition)))
        if let instance { m = m.concatenating(instance) }
        if let sublayer, let parent {
            func up(_ p: ViewProperty) -> Double { v[parent[p]] }
            let anchorX = up(.boundsX) + up(.anchorX) * up(.boundsWidth), anchorY = up(.boundsY) + up(.anchorY) * up(.boundsHeight)
            m = m.concatenating(Transform3D(translationX: -anchorX, y: -anchorY, z: 0)).concatenating(sublayer)
                .concatenating(Transform3D(translationX: anchorX, y: anchorY, z: 0))
        }
        return m.flattened
    }
}

import Drawing
import Motion

/// `CAReplicatorLayer`: a view's subviews drawn once per instance.
extension FrameBuilder {
    /// Draws `children` (the replicator's subviews, in drawing order) `instanceCount` times:
    /// instance k under the instance step applied k times (about the centre of `bounds`), with
    /// the values of `k · instanceDelay` seconds earlier, its colours multiplied by the
    /// instance colour (red, green and blue on every colour it draws; alpha as a group opacity,
    /// so images fade too but keep their colours). Culling sees each instance where it lands.
    ///
    /// A 2D `instanceTransform` under a replicator without a `sublayerTransform` moves each
    /// instance by a `concat`. Otherwise (a 3D step, or a sublayer transform, which Core
    /// Animation applies to the instances too) instance k of a subview is placed by its own
    /// placement, then the 3D step k times, then the replicator's sublayer transform, and drawn
    /// through the projection path when that is not affine (`replicator` is the view's index,
    /// `projection` its map to the canvas when a 3D transform lies above it).
    mutating func drawInstances(_ replicator: Replicator, of children: [Int], replicator index: Int, bounds: Rect, toCanvas: AffineTransform,
                                projection: Homography?, clip: Rect) throws {
        let center = Point(x: bounds.minX + bounds.width / 2, y: bounds.minY + bounds.height / 2)
        let flat = replicator.instanceTransform.isAffine
            && ViewGeometry.sublayerTransform3D(values, slots: SlotLayout.slots(of: ViewID(index))) == nil
        let step = replicator.step(about: center), step3D = replicator.step3D(about: center)
        let now = values
        defer { values = now }
        var placement = AffineTransform.identity, placement3D = Transform3D.identity
        for k in 0..<replicator.instanceCount {
            if k > 0 {
                if flat { placement = placement.concatenating(step) } else { placement3D = placement3D.concatenating(step3D) }
            }
            let tint = replicator.color(ofInstance: k)
            guard tint.alpha > 0 else { continue }
            if let valuesAt, replicator.instanceDelay > 0, k > 0 { values = valuesAt(time - Double(k) * replicator.instanceDelay) }
            let start = commands.count, drawnBefore = primitiveCount
            commands.append(tint.alpha < 1 ? .beginGroup : .save)
            if flat {
                commands.append(.concat(placement))
                let instanceToCanvas = placement.concatenating(toCanvas)
                for child in children { try draw(view: child, parent: nil, parentToCanvas: instanceToCanvas, projection: nil, clip: clip) }
            } else {
                for child in children {
                    try draw(view: child, parent: index, parentToCanvas: toCanvas, projection: projection, clip: clip, instance: placement3D)
                }
            }
            if primitiveCount == drawnBefore {
                truncate(to: start)   // this instance draws nothing here
                continue
            }
            if tint.red < 1 || tint.green < 1 || tint.blue < 1 {
                for i in (start + 1)..<commands.count { commands[i] = commands[i].multiplyingColors(by: tint) }
            }
            commands.append(tint.alpha < 1 ? .endGroup(opacity: tint.alpha) : .restore)
        }
    }
}

extension DrawCommand {
    /// The command with the red, green and blue of every colour it draws multiplied by
    /// `tint`'s (alpha unchanged).
    func multiplyingColors(by tint: Color) -> DrawCommand {
        func times(_ c: Color) -> Color { Color(red: c.red * tint.red, green: c.green * tint.green, blue: c.blue * tint.blue, alpha: c.alpha) }
        switch self {
        case .fill(let path, let color): return .fill(path, times(color))
        case .stroke(let path, let color, let width): return .stroke(path, times(color), lineWidth: width)
        case .fillRule(let path, let color, let rule): return .fillRule(path, times(color), rule)
        case .strokeStyled(let path, let color, let style): return .strokeStyled(path, times(color), style)
        case .text(var run): run.color = times(run.color); return .text(run)
        case .fillGradient(let path, var gradient): gradient.colors = gradient.colors.map(times); return .fillGradient(path, gradient)
        case .shadow(let path, var style): style.color = times(style.color); return .shadow(path, style)
        case .endGroupWithShadow(let opacity, var shadow): shadow.color = times(shadow.color); return .endGroupWithShadow(opacity: opacity, shadow: shadow)
        case .backdrop(let path, var material, let opacity): material.tint = times(material.tint); return .backdrop(path, material, opacity: opacity)
        case .save, .restore, .concat, .clip, .image, .beginGroup, .beginBoundedGroup, .endGroup, .beginProjection, .endProjection,
             .beginMasked, .beginMask, .endMask: return self
        }
    }
}

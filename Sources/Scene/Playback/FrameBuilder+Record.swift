import Drawing
import Motion

/// The record of what each view drew (`Frame.drawnViews`): its commands and the canvas box of
/// its subtree's visual extents, which lets a backend redraw only what changed since a frame it
/// drew before (Render's `FrameDamage`).
extension FrameBuilder {
    /// Where a record began, and the box of the record it is nested in.
    struct RecordStart {
        let command: Int
        let entry: Int
        let view: Int
        let outer: Ink
    }

    /// Opens the record of view `view`, whose commands begin here.
    mutating func beginRecord(view: Int) -> RecordStart {
        let start = RecordStart(command: commands.count, entry: drawnViews.count, view: view, outer: drawnInk)
        drawnViews.append(DrawnView(view: view, commands: commands.count..<commands.count, descendants: 0, box: nil, isAtomic: false))
        drawnInk = Ink()
        return start
    }

    /// Closes the record opened at `start`: its commands are those emitted since (none: the
    /// record goes), its box what the views drawn since may touch. `atomic`: see
    /// `DrawnView.isAtomic`.
    mutating func endRecord(_ start: RecordStart, atomic: Bool) {
        let inner = drawnInk
        drawnInk = start.outer
        drawnInk.add(inner)
        guard commands.count > start.command, start.entry < drawnViews.count else {
            if start.entry < drawnViews.count { drawnViews.removeSubrange(start.entry...) }
            return
        }
        drawnViews[start.entry] = DrawnView(view: start.view, commands: start.command..<commands.count,
                                            descendants: drawnViews.count - start.entry - 1,
                                            box: inner.isUnbounded ? nil : inner.box ?? Rect(x: 0, y: 0, width: 0, height: 0),
                                            isAtomic: atomic)
    }

    /// Adds what a view drawn here may touch to the open record: `box` in canvas points, or
    /// nothing known (nil) when the drawing space is a projected layer's plane.
    mutating func recordInk(_ box: Rect?) {
        if let box { drawnInk.add(box) } else { drawnInk.isUnbounded = true }
    }

    /// Drops the commands from `start` on, and the records of the views that emitted them.
    mutating func truncate(to start: Int) {
        commands.removeSubrange(start...)
        while let last = drawnViews.last, last.commands.lowerBound >= start { drawnViews.removeLast() }
    }
}

import Drawing
import Motion

extension ContactSheetLayout {
    /// The sheet around the images: white background, a thin grey border just outside each
    /// cell, each label centred under its cell and `title` (bold) in the header strip. The
    /// cells themselves stay empty for a renderer to paint the images into.
    public func frame(labels: [String], title: String = "") -> Frame {
        let border = Color(red: 0.78, green: 0.78, blue: 0.78)
        let ink = Color(red: 0.2, green: 0.2, blue: 0.2)
        var commands: [DrawCommand] = []
        for index in 0..<cellCount {
            commands.append(.stroke(Path(rect: cellRect(index).shrunk(by: -0.5)), border, lineWidth: 1))
            if index < labels.count, !labels[index].isEmpty {
                commands.append(.text(TextRun(text: labels[index], box: labelRect(index), fontSize: 11,
                                              color: ink, alignment: .center)))
            }
        }
        if !title.isEmpty, headerHeight > 0 {
            commands.append(.text(TextRun(text: title, box: headerRect, fontSize: min(14, headerHeight * 0.6), bold: true,
                                          color: ink, alignment: .left)))
        }
        return Frame(index: 0, time: 0, size: canvasSize, background: .white, commands: commands)
    }
}

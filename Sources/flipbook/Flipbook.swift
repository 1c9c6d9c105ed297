import ArgumentParser

@main
struct Flipbook: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flipbook",
        abstract: "Simulate iOS animations headlessly and export every frame as PNG.",
        discussion: "Scene files are documented in docs/scenes.md. Exit codes follow sysexits: 64 usage, 65 bad scene data, 66 missing input, 72 pinned font missing (run scripts/setup), 73 cannot create output, 74 I/O error, 130 interrupted.",
        version: flipbookVersion,
        subcommands: [RenderCommand.self, TraceCommand.self, ValidateCommand.self, CurveCommand.self, PlotCommand.self, SheetCommand.self])
}

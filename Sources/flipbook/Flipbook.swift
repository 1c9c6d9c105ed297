import ArgumentParser

@main
struct Flipbook: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flipbook",
        abstract: "Simulate iOS animations headlessly and export their frames: PNG, SVG or PDF files, or an APNG, GIF, MP4 or WebM.",
        discussion: "Scene files are documented in docs/scenes.md. Exit codes follow sysexits: 64 usage, 65 bad scene data, 66 missing input, 69 ffmpeg missing, 72 pinned font missing (run scripts/setup), 73 cannot create output, 74 I/O error, 130 interrupted, 75 studio port in use; verify exits 1 when a directory is incomplete, compare when a key frame differs from its golden or has none.",
        version: flipbookVersion,
        subcommands: [RenderCommand.self, TraceCommand.self, ValidateCommand.self, LayoutCommand.self, SolverBenchCommand.self, CurveCommand.self, PlotCommand.self, SheetCommand.self, CompareCommand.self, VerifyCommand.self, EncodeCommand.self, StudioCommand.self])
}

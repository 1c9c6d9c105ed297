import ArgumentParser

@main
struct Flipbook: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flipbook",
        abstract: "Simulate iOS animations headlessly and export every frame as PNG.",
        discussion: "Scene files are documented in docs/scenes.md. Exit codes follow sysexits: 64 usage, 65 bad scene data, 66 missing input, 73 cannot create output, 74 I/O error.",
        subcommands: [RenderCommand.self, TraceCommand.self, ValidateCommand.self])
}

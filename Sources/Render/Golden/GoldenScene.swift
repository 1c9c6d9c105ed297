import Scene

/// One scene to check against its golden folder: `<root>/<name>/` with a PNG per key frame
/// and `motion.csv`; failure panels go to `failureDirectory`.
public struct GoldenScene: Sendable {
    public var scene: Scene
    /// The scene file as given (messages and annotations name it).
    public var file: String
    /// The golden folder's name: the file's name without `.yaml`/`.yml`/`.json`.
    public var name: String
    public var goldenDirectory: String
    public var failureDirectory: String

    public init(scene: Scene, file: String, name: String, goldenDirectory: String, failureDirectory: String) {
        self.scene = scene; self.file = file; self.name = name
        self.goldenDirectory = goldenDirectory; self.failureDirectory = failureDirectory
    }

    /// `skype-action-sheet` for `scenes/skype-action-sheet.yaml`.
    public static func folderName(forFile file: String) -> String {
        var base = file.split(separator: "/").last.map(String.init) ?? file
        for suffix in [".yaml", ".yml", ".json"] where base.hasSuffix(suffix) && base.count > suffix.count {
            base.removeLast(suffix.count)
            break
        }
        return base
    }

    /// The scenes of one run at `<root>/<folder name>/`, failures at `<failures>/<folder name>/`;
    /// throws `GoldenSetupError.sameFolder` when two files share a name.
    public static func under(root: String, failures: String, scenes: [(file: String, scene: Scene)]) throws -> [GoldenScene] {
        var seen: [String: String] = [:]
        return try scenes.map { file, scene in
            let name = folderName(forFile: file)
            if let first = seen[name] { throw GoldenSetupError.sameFolder(name: name, first: first, second: file) }
            seen[name] = file
            return GoldenScene(scene: scene, file: file, name: name, goldenDirectory: OutputDirectory.path(root, name),
                               failureDirectory: OutputDirectory.path(failures, name))
        }
    }

    /// The key frames checked: the scene's `keyFrames`, or four spread evenly.
    public var keyFrames: [Int] { KeyFrameRenderer.keyFrames(of: scene) }

    /// `<golden>/motion.csv`.
    public var motionPath: String { OutputDirectory.path(goldenDirectory, Self.motionFileName) }
    public static let motionFileName = "motion.csv"

    /// The file names a check claims: one PNG per key frame and the motion golden.
    public var claimedFiles: Set<String> { Set(keyFrames.map(GoldenCheck.fileName) + [Self.motionFileName]) }

    /// Whether any claimed golden exists (with none and no record mode, a run exits 66).
    public var hasAnyGolden: Bool { claimedFiles.contains { OutputDirectory.isRegularFile(OutputDirectory.path(goldenDirectory, $0)) } }

    /// Regular files in the golden folder that nothing claims, sorted; none when it does not exist.
    public var obsoleteFiles: [String] {
        let claimed = claimedFiles
        return OutputDirectory.regularFiles(in: goldenDirectory).filter { !claimed.contains($0) }.sorted()
    }

    /// The scene line a frame failure points at: `keyFrames:`, or `name:` (the first line when
    /// it has none).
    public var frameLine: Int? { scene.sourceLines[.keyFrame(0)] ?? scene.sourceLines[.scene] }

    /// The scene line of what drives `name` (an animation, a binding or scale, a system, the
    /// layout pass), or nil when nothing in the file does.
    public func driverLine(of name: String) -> Int? {
        guard let ref = scene.property(named: name) else { return nil }
        let slots = Set(ref.claimedSlots)
        var element: SceneElement?
        if let b = scene.bindings.firstIndex(where: { !slots.isDisjoint(with: $0.target.claimedSlots) }) { element = .binding(b) }
        else if let s = scene.systems.firstIndex(where: { !slots.isDisjoint(with: $0.drivenSlots) }) { element = .system(s) }
        else if let p = scene.derivedPasses.firstIndex(where: { !slots.isDisjoint(with: $0.drivenSlots) }) { element = .derivedPass(p) }
        else {
            outer: for (a, action) in scene.actions.enumerated() {
                for (i, step) in action.steps.enumerated() where !slots.isDisjoint(with: step.property.claimedSlots) {
                    element = .step(action: a, index: i)
                    break outer
                }
            }
        }
        return element.flatMap { scene.sourceLines[$0] }
    }
}

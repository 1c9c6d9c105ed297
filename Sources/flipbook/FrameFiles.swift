import Drawing
import Foundation

/// The PNG frames in a directory as `sheet` reads them: files ending in .png (any case),
/// without dot-files (render's temporary files start with a dot) or .tmp files, in name order
/// with numbers compared as numbers ("frame-9" before "frame-10").
struct FrameFiles {
    let directory: String
    let names: [String]

    /// Lists `directory`; exits 66 when it cannot be read.
    init(directory: String) throws {
        self.directory = directory
        let all: [String]
        do { all = try FileManager.default.contentsOfDirectory(atPath: directory) } catch {
            throw fail("cannot read the directory \(directory): \((error as NSError).localizedDescription)", ExitStatus.noInput)
        }
        names = all.filter { name in
            !name.hasPrefix(".") && name.lowercased().hasSuffix(".png") && !name.contains(".tmp")
        }.sorted { a, b in
            let (na, nb) = (Self.number(in: a), Self.number(in: b))
            if let na, let nb, na != nb { return na < nb }
            return a < b
        }
    }

    func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }

    /// The frame rate render recorded in the directory's .flipbook.json (or, after a sharded
    /// render, the first shard's manifest), if any.
    var manifestFPS: Double? {
        let shards = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter(Manifest.isManifestName).sorted()
        guard let name = ([Manifest.fileName] + shards).first(where: { FileManager.default.fileExists(atPath: path($0)) }),
              InputFile.notRegular(path(name)) == nil,
              let data = FileManager.default.contents(atPath: path(name)),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let fps = (object["fps"] as? NSNumber)?.doubleValue, fps.isFinite, fps > 0 else { return nil }
        return fps
    }

    /// "#18 0.30 s" (time when `fps` is known) from the last number in the name, else the name.
    func label(for name: String, fps: Double?) -> String {
        guard let number = Self.number(in: name) else { return name }
        guard let fps else { return "#\(number)" }
        return "#\(number) " + String(format: "%.2f s", Double(number) / fps)
    }

    /// The last run of digits in the name before its extension: 18 for "frame-0018.png".
    static func number(in name: String) -> Int? {
        let stem = (name as NSString).deletingPathExtension
        let digits = stem.reversed().drop { !$0.isNumber }.prefix { $0.isASCII && $0.isNumber }
        return digits.isEmpty ? nil : Int(String(digits.reversed()).suffix(18))
    }
}

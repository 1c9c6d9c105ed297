import Foundation
import XCTest

/// `--shard auto` on the render farms people run, and what each shard leaves behind.
final class RenderFarmTests: RenderDirectoryTestCase {
    /// Four shards as four concurrent processes, each told its index the way its engine does:
    /// `verify` passes and the frames equal a single render's, byte for byte.
    func testFourShardsOnFourEnginesEqualASingleRender() throws {
        let options = ["--scale", "1", "--frames", "20-60", "--threads", "2", "--quiet", "--resume"]
        let engines: [(shard: String, environment: [String: String], manifest: String)] = [
            // --array=3-9:2 → tasks 3, 5, 7, 9; task 7 is the third.
            ("auto", ["SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_MIN": "3", "SLURM_ARRAY_TASK_STEP": "2",
                      "SLURM_ARRAY_TASK_COUNT": "4"], ".flipbook-shard-3of4.json"),
            ("auto/4", ["JOB_COMPLETION_INDEX": "0"], ".flipbook-shard-1of4.json"),
            ("auto/4", ["AWS_BATCH_JOB_ARRAY_INDEX": "1"], ".flipbook-shard-2of4.json"),
            ("auto/4", ["PARALLEL_SEQ": "4"], ".flipbook-shard-4of4.json"),
        ]
        let running = try engines.map { engine in
            try start(["render", skype, "-o", "farm", "--shard", engine.shard] + options, environment: engine.environment)
        }
        for (process, engine) in zip(running, engines) {
            let r = process.finish()
            XCTAssertEqual(r.status, 0, "\(engine.environment): \(r.stderr)")
        }
        XCTAssertEqual(files(in: "farm").filter { $0.hasPrefix(".") }, engines.map(\.manifest).sorted())
        for (index, engine) in engines.enumerated() {
            let manifest = try manifest("farm", engine.manifest)
            let shard = try XCTUnwrap(manifest["shard"] as? [String: Int], engine.manifest)
            XCTAssertEqual(shard["count"], 4)
            XCTAssertEqual(manifest["range"] as? [String: Int], ["first": 20, "last": 60], "\(index)")
        }
        // Shard 1 of 4 of 41 frames is 20-29: 41 × 1 / 4 = 10 frames.
        XCTAssertEqual(try manifest("farm", ".flipbook-shard-1of4.json")["lastFrame"] as? Int, 29)

        let verify = try flipbook("verify", "farm")
        XCTAssertEqual(verify.status, 0, verify.stdout + verify.stderr)
        XCTAssertTrue(verify.stdout.contains("frames 20-60 of skype-action-sheet, 41 png files, complete (4 manifests agree)"), verify.stdout)

        let single = try flipbook("render", skype, "-o", "single", "--scale", "1", "--frames", "20-60", "--quiet")
        XCTAssertEqual(single.status, 0, single.stderr)
        XCTAssertEqual(pngs(in: "farm"), pngs(in: "single"))
        XCTAssertEqual(pngs(in: "farm").count, 41)
        for name in pngs(in: "single") {
            XCTAssertEqual(FileManager.default.contents(atPath: path("farm/" + name)),
                           FileManager.default.contents(atPath: path("single/" + name)), name)
        }
    }

    func testShardAutoWithNoEngineVariableNamesTheOnesItLookedFor() throws {
        let scene = try write(tiny, to: "tiny.yaml")
        for shard in ["auto", "auto/4"] {
            let r = try flipbook("render", scene, "-o", "out", "--shard", shard)
            XCTAssertEqual(r.status, 64, r.stderr)
            for variable in ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX", "PARALLEL_SEQ"] {
                XCTAssertTrue(r.stderr.contains(variable), "\(variable) not named: \(r.stderr)")
            }
            XCTAssertTrue(r.stderr.contains("--shard I/N"), r.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out")))
    }

    func testShardAutoRefusesWhatItCannotMapOntoAShard() throws {
        let scene = try write(tiny, to: "tiny.yaml")
        let cases: [(shard: String, environment: [String: String], message: String)] = [
            ("auto", ["JOB_COMPLETION_INDEX": "2"], "pass --shard auto/N"),
            ("auto", ["AWS_BATCH_JOB_ARRAY_INDEX": "0"], "pass --shard auto/N"),
            ("auto", ["PARALLEL_SEQ": "1"], "pass --shard auto/N"),
            ("auto", ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1"], "SLURM_ARRAY_TASK_COUNT"),
            ("auto", ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4"], "SLURM_ARRAY_TASK_MIN is not"),
            ("auto/3", ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"],
             "--shard auto/3 disagrees with SLURM_ARRAY_TASK_COUNT=4"),
            ("auto", ["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_STEP": "2", "SLURM_ARRAY_TASK_COUNT": "4"],
             "(SLURM_ARRAY_TASK_ID 4 − SLURM_ARRAY_TASK_MIN 1) / step 2 + 1 is not a shard between 1 and 4"),
            ("auto/4", ["PARALLEL_SEQ": "5"], "PARALLEL_SEQ 5 is not a shard between 1 and 4"),
            ("auto/4", ["PARALLEL_SEQ": "0"], "PARALLEL_SEQ 0 is not a shard between 1 and 4"),
            ("auto/4", ["JOB_COMPLETION_INDEX": "4"], "JOB_COMPLETION_INDEX 4 + 1 is not a shard between 1 and 4"),
            ("auto/4", ["JOB_COMPLETION_INDEX": "two"], "JOB_COMPLETION_INDEX=two is not a whole number"),
            // Values at the edge of Int must not overflow into a crash.
            ("auto/4", ["JOB_COMPLETION_INDEX": "9223372036854775807"], "is not a shard between 1 and 4"),
            ("auto", ["SLURM_ARRAY_TASK_ID": "-9223372036854775807", "SLURM_ARRAY_TASK_MIN": "2", "SLURM_ARRAY_TASK_COUNT": "4"],
             "is not a shard between 1 and 4"),
            ("auto/4", ["JOB_COMPLETION_INDEX": "1", "PARALLEL_SEQ": "2"], "several render farms"),
        ]
        for (shard, environment, message) in cases {
            let r = try flipbook("render", scene, "-o", "out", "--shard", shard, environment: environment)
            XCTAssertEqual(r.status, 64, "\(environment): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(environment): expected \(message) in \(r.stderr)")
        }
        for bad in ["auto/0", "auto/x", "0/4", "5/4"] {
            XCTAssertEqual(try flipbook("render", scene, "-o", "out", "--shard", bad).status, 64, bad)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out")))
    }

    func testAShardWithNoFramesExitsZeroWithANote() throws {
        let scene = try write(tiny, to: "tiny.yaml")
        // 11 frames in 13 shards: the first gets none.
        let r = try flipbook("render", scene, "-o", "out", "--shard", "auto/13", environment: ["PARALLEL_SEQ": "1"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("note: shard 1/13 has no frames (11 frames in 13 shards)"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out")), "an empty shard writes nothing")
        let quiet = try flipbook("render", scene, "-o", "out", "--shard", "1/13", "--quiet")
        XCTAssertEqual(quiet.status, 0, quiet.stderr)
        XCTAssertEqual(quiet.stderr, "")
    }

    func testAShardWritesItsOwnManifestAndOneShardWritesTheUsualOne() throws {
        let scene = try write(tiny, to: "tiny.yaml")
        for shard in ["1/2", "2/2"] {
            XCTAssertEqual(try flipbook("render", scene, "-o", "two", "--shard", shard, "--quiet").status, 0)
        }
        XCTAssertEqual(files(in: "two").filter { $0.hasPrefix(".") }, [".flipbook-shard-1of2.json", ".flipbook-shard-2of2.json"])
        XCTAssertEqual(try manifest("two", ".flipbook-shard-2of2.json")["firstFrame"] as? Int, 5)
        // sheet labels frames with their times from a shard's manifest when there is no .flipbook.json.
        XCTAssertEqual(try flipbook("sheet", "two", "-o", "timed.png").status, 0)
        for name in files(in: "two") where name.hasPrefix(".flipbook") { try FileManager.default.removeItem(atPath: path("two/" + name)) }
        XCTAssertEqual(try flipbook("sheet", "two", "-o", "untimed.png").status, 0)
        XCTAssertNotEqual(FileManager.default.contents(atPath: path("timed.png")), FileManager.default.contents(atPath: path("untimed.png")))
        XCTAssertEqual(try flipbook("render", scene, "-o", "one", "--shard", "1/1", "--quiet").status, 0)
        XCTAssertEqual(files(in: "one").filter { $0.hasPrefix(".") }, [".flipbook.json"])
        XCTAssertNil(try manifest("one")["shard"])
    }
}

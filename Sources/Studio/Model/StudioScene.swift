import Foundation
import Render
import Scene
import SceneFile

/// One good version of the scene being previewed: the scene, its decoded images and the files
/// it was made from. Immutable; a reload makes a new one.
public struct StudioScene: Sendable {
    /// Counts good versions and failed reloads alike, from 1; the page asks for frames of a version.
    public let version: Int
    public let scene: Scene
    public let images: ImageLibrary
    /// The scene file as given on the command line.
    public let path: String
    /// Every file the scene was read from, resolved (symlinks followed): the scene file and
    /// the images it draws. The only files the server hands out besides its own.
    public let files: [String]

    /// Reads and checks the scene at `path` and decodes its images. Throws the located
    /// problems (`[LocatedProblem]` as `StudioScene.Problems`) when it is not valid.
    public static func load(path: String, version: Int, measuring: (any LabelMeasuring)?) throws(Problems) -> StudioScene {
        let scene: Scene
        do { scene = try SceneDocument.load(path: path, measuring: measuring) } catch let error as SceneFileError {
            throw Problems(list: LocatedProblem.problems(from: error))
        } catch {
            throw Problems(list: [.problem(file: path, error)])
        }
        let images: ImageLibrary
        do { images = try ImageLibrary(decoding: scene.imageSources) } catch {
            throw Problems(list: [.problem(file: path, error)])
        }
        do { _ = try Player(scene: scene) } catch {
            throw Problems(list: [.problem(file: path, error)])
        }
        let files = ([path] + scene.imageSources.map(\.path)).compactMap(FileSafety.resolved)
        return StudioScene(version: version, scene: scene, images: images, path: path, files: Array(Set(files)).sorted())
    }

    /// Why a version could not be loaded: every located problem, in line order.
    public struct Problems: Error, Sendable {
        public var list: [LocatedProblem]
    }

    /// The scene's frame count at its own fps.
    public var frameCount: Int { scene.frameCount(fps: scene.fps) }
}

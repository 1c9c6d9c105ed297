/// The studio's page: plain HTML, CSS and JavaScript compiled into the binary, with no build
/// step and nothing fetched from the network (`PageHTML`, `PageStyle`, `PageScript`).
public enum PageAssets {
    public static var html: String { PageHTML.text }
    public static var style: String { PageStyle.text }
    public static var script: String { PageScript.text }
    /// The colour behind the frame (a transparent scene shows it; the browser tests composite
    /// over it).
    public static let stageBackground = "#e5e5ea"
}

/// flipbook's version: `flipbook --version` prints it and render manifests record it (a new
/// version may draw differently, so `--resume` does not mix its frames with an older one's).
let flipbookVersion = "0.2.0"

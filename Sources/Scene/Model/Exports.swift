// The display list — `Frame`, `DrawCommand`, `Path`, `TextRun` and the styles they carry —
// lives in the Drawing module, which Scene builds on. Re-exported so that code importing
// Scene alone keeps compiling as it did when those types were Scene's.
@_exported import Drawing

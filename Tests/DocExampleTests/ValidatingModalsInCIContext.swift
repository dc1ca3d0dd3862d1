import ModalKit
import PositionedJSON

/// What the CI article's blocks use and do not define: the files to check, read from memory here.
struct ValidatingModalsInCIContext: DocContext {
    let output = DocOutput()
    var files: [String: String] = [
        "modals/welcome.json": #"{"msg":"Welcome","buttons":[{"label":"OK","action":"close"}]}"#,
        "modals/sale.json":
            #"{"msg":"🎉 Sale","styles":[{"apply_to":{"from":1,"length":4}}],"buttons":[{"label":"Shop","action":"close","colour":"red"}]}"#,
    ]
    var modalFiles: [String] { files.keys.sorted() }
    var result: DecodeResult { ModalDecoder.decode(files["modals/sale.json"]!) }
    var reports: [FileReport] {
        modalFiles.map { path in
            let bytes = Array(files[path]!.utf8)
            return FileReport(
                path: path, source: SourceText(bytes: bytes), diagnostics: ModalDecoder.decode(bytes).diagnostics)
        }
    }

    struct MissingFile: Error {}

    func readBytes(_ path: String) throws -> [UInt8] {
        guard let text = files[path] else { throw MissingFile() }
        return Array(text.utf8)
    }
}

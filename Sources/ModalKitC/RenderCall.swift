import CModalKit
import HTMLRendering
import ModalModel
import Renderers
import Reporting
import Screen
import ScreenLayout

/// Renders a valid document in one of the command line's formats, at a width in cells, with a theme.
@_cdecl("modalkit_render")
public func modalkitRender(
    _ input: UnsafePointer<UInt8>?, _ inputLength: Int, _ format: UnsafePointer<UInt8>?, _ formatLength: Int,
    _ width: Int32, _ theme: UnsafePointer<UInt8>?, _ themeLength: Int,
    _ result: UnsafeMutablePointer<modalkit_result>?
) -> modalkit_status {
    answer(result) { () throws(CallFailure) -> [UInt8] in
        let formatName = String(
            decoding: try callerBytes(format, count: formatLength, name: "the format"), as: UTF8.self)
        guard let documentFormat = DocumentFormat(rawValue: formatName) else {
            let names = DocumentFormat.allCases.map(\.rawValue).joined(separator: ", ")
            throw CallFailure(
                status: MODALKIT_ERROR_ARGUMENT, message: "unknown format \"\(formatName)\"; the formats are \(names)")
        }
        var chosenTheme: HTMLTheme?
        let themeBytes = try callerBytes(theme, count: themeLength, name: "the theme")
        if !themeBytes.isEmpty {
            let name = String(decoding: themeBytes, as: UTF8.self)
            guard let known = HTMLTheme(rawValue: name) else {
                let names = HTMLTheme.allCases.map(\.rawValue).joined(separator: ", ")
                throw CallFailure(
                    status: MODALKIT_ERROR_ARGUMENT, message: "unknown theme \"\(name)\"; the themes are \(names)")
            }
            chosenTheme = known
        }
        // A caller's width is refused outside the range, as the command line refuses it, rather than drawn at
        // another width than the one asked for.
        guard ModalWidth.range.contains(Int(width)) else {
            throw CallFailure(
                status: MODALKIT_ERROR_ARGUMENT,
                message: "the width must be from \(ModalWidth.minimum) to \(ModalWidth.maximum) cells, not \(width)")
        }
        let document = try DocumentInput(input, count: inputLength).validDocument()
        let options = DocumentRenderOptions(
            format: documentFormat, width: Int(width), colorDepth: .trueColor,
            html: CardChoice(theme: chosenTheme).htmlPage(
                viewportCSSPixelWidth: HTMLPageOptions.defaultViewportCSSPixelWidth))
        var out: [UInt8] = []
        do {
            try DocumentRenderer.render(
                document, options: options, limits: RenderLimits(), output: { out += $0.utf8 },
                outputUTF8: { out += $0 })
        } catch let refusal as RenderRefusal {
            throw CallFailure(status: MODALKIT_ERROR_TOO_LARGE_OUTPUT, message: refusal.message)
        } catch {
            throw CallFailure(status: MODALKIT_ERROR_TOO_LARGE_OUTPUT, message: "\(error)")
        }
        return out
    }
}

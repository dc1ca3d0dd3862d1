import CModalKit
import ModalModel
import PositionedJSON

/// The text each style of a valid document covers, for tools that show or check it.
@_cdecl("modalkit_styles")
public func modalkitStyles(
    _ input: UnsafePointer<UInt8>?, _ inputLength: Int, _ result: UnsafeMutablePointer<modalkit_result>?
) -> modalkit_status {
    answer(result) { () throws(CallFailure) -> [UInt8] in
        let document = try DocumentInput(input, count: inputLength).validDocument()
        var out = "{\"modals\":["
        for (modalIndex, modal) in document.modals.enumerated() {
            if modalIndex > 0 { out += "," }
            out += "{\"styles\":["
            let units = Array(modal.message.utf16)
            for (styleIndex, style) in modal.styles.enumerated() {
                if styleIndex > 0 { out += "," }
                let range = style.range
                // Clipped to the message, so a range the decoder let through as a warning still reads.
                let start = min(max(0, range.utf16Offset), units.count)
                let end = min(units.count, start + max(0, min(range.utf16Length, units.count - start)))
                out += "{\"from\":\(range.utf16Offset),\"length\":\(range.utf16Length),\"text\":"
                JSONWriter.writeQuoted(String(decoding: units[start..<end], as: UTF16.self), into: &out)
                out += "}"
            }
            out += "]}"
        }
        out += "]}"
        return Array(out.utf8)
    }
}

import CModalKit
import ModalModel
import Reporting

/// Applies the fixes that are certain, as `modalkit fix -` does; the input comes back unchanged when none is.
@_cdecl("modalkit_fix")
public func modalkitFix(
    _ input: UnsafePointer<UInt8>?, _ inputLength: Int, _ result: UnsafeMutablePointer<modalkit_result>?
) -> modalkit_status {
    answer(result) { () throws(CallFailure) -> [UInt8] in
        let document = try DocumentInput(input, count: inputLength)
        switch FixedPointFixer.fix(document.bytes, diagnostics: document.decoded.diagnostics) {
        case .fixed(let fixed): return fixed.bytes
        case .unchanged, .refused: return document.bytes
        }
    }
}

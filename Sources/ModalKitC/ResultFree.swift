import CModalKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Frees the text a call put in `result`; freeing twice, or a NULL result, does nothing.
@_cdecl("modalkit_result_free")
public func modalkitResultFree(_ result: UnsafeMutablePointer<modalkit_result>?) {
    guard let result else { return }
    free(result.pointee.text)
    result.pointee = modalkit_result(text: nil, length: 0)
}

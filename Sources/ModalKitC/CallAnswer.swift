import CModalKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a call failed: the status the caller branches on and the sentence a person reads.
struct CallFailure: Error {
    /// The status returned.
    var status: modalkit_status
    /// One line saying what was wrong and, where it helps, what to do.
    var message: String
}

/// Runs one call and puts its text, or its failure's message, into `result`, which the caller frees.
///
/// Every exported function goes through here, so no path returns without filling `result` and no Swift
/// error crosses into C.
func answer(
    _ result: UnsafeMutablePointer<modalkit_result>?, _ body: () throws(CallFailure) -> [UInt8]
) -> modalkit_status {
    guard let result else { return MODALKIT_ERROR_ARGUMENT }
    do {
        let bytes = try body()
        return fill(result, with: bytes) ? MODALKIT_OK : MODALKIT_ERROR_TOO_LARGE_OUTPUT
    } catch {
        _ = fill(result, with: Array(error.message.utf8))
        return error.status
    }
}

/// Copies `bytes` and a terminating NUL into memory from `malloc`; false when there is no memory for them.
private func fill(_ result: UnsafeMutablePointer<modalkit_result>, with bytes: [UInt8]) -> Bool {
    guard let memory = malloc(bytes.count + 1)?.assumingMemoryBound(to: CChar.self) else {
        result.pointee = modalkit_result(text: nil, length: 0)
        return false
    }
    bytes.withUnsafeBytes { source in
        if let base = source.baseAddress { memcpy(memory, base, bytes.count) }
    }
    memory[bytes.count] = 0
    result.pointee = modalkit_result(text: memory, length: bytes.count)
    return true
}

/// The bytes a caller passed as a pointer and a length; a NULL pointer is the empty input only with length 0.
func callerBytes(_ pointer: UnsafePointer<UInt8>?, count: Int, name: String) throws(CallFailure) -> [UInt8] {
    guard let pointer else {
        guard count == 0 else {
            throw CallFailure(status: MODALKIT_ERROR_ARGUMENT, message: "\(name) is NULL but its length is \(count)")
        }
        return []
    }
    return Array(UnsafeBufferPointer(start: pointer, count: count))
}

/// Something the preview asks its host to do; `update` returns these instead of doing them.
package enum PreviewEffect: Sendable, Equatable {
    /// End the preview with this exit status, after writing `stdoutLine` (plus a newline) to standard output if given.
    case exit(code: Int32, stdoutLine: String?)
    /// Read the source again and report it with `PreviewEvent.fileChanged`.
    case reload
}

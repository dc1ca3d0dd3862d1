import Terminal

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal's input queue, where bytes can be put back for the next program to read (TIOCSTI).
///
/// Linux 6.2 and later can forbid it (`dev.tty.legacy_tiocsti = 0`, as some distributions set it, since a
/// program could type commands into the shell with it); the bytes are then lost, and the caller is told.
enum TerminalInputQueue {
    /// Puts `bytes` at the end of the terminal's input, as if typed; false when the terminal refuses the first.
    static func push(_ bytes: [UInt8], descriptor: Int32) -> Bool {
        for var byte in bytes {
            guard ioctl(descriptor, UInt(TIOCSTI), &byte) == 0 else { return false }
        }
        return true
    }
}

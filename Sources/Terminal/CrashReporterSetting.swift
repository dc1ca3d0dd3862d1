/// What Swift's crash reporter was told at process start (`SWIFT_BACKTRACE`, which the runtime reads only
/// then), as far as the preview's fatal-signal handler needs to know.
package enum CrashReporterSetting {
    /// Whether the reporter may be handed a fatal signal after the terminal is restored: only when the
    /// setting turns its interactive mode off (or the reporter off), since that mode waits 30 s for a key
    /// and reads what the user types as its commands.
    package static func mayRunAfterRestore(swiftBacktrace: String?) -> Bool {
        guard let swiftBacktrace else { return false }
        var interactive = true
        var enabled = true
        for setting in swiftBacktrace.split(separator: ",") {
            let parts = setting.split(separator: "=", maxSplits: 1).map { $0.filter { $0 != " " }.lowercased() }
            guard parts.count == 2 else { continue }
            // The runtime's own reading of a boolean: anything but these words counts as false.
            let truth = ["1", "y", "yes", "t", "true", "on"].contains(parts[1])
            switch parts[0] {
            case "interactive": interactive = truth
            case "enable": enabled = truth || parts[1] == "tty"
            default: continue
            }
        }
        return !interactive || !enabled
    }
}

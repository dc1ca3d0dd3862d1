import TestSupport
import Testing

@testable import Terminal

/// When the preview's fatal-signal handler may hand the signal on to Swift's crash reporter: only when the
/// reporter will not wait for a key on the terminal it just gave back.
@Suite struct CrashReporterSettingTests {
    @Test(arguments: [nil, "", "enable=yes", "interactive=yes", "color=no,timeout=5s", "enable=tty"])
    func anInteractiveReporterIsNotChained(setting: String?) {
        expect(!CrashReporterSetting.mayRunAfterRestore(swiftBacktrace: setting))
    }

    @Test(arguments: [
        "interactive=no", "enable=yes,interactive=no", "interactive = false,output-to=/tmp/crash.txt", "enable=no",
        "interactive=0", "Interactive=No",
    ])
    func aReporterThatWillNotWaitIsChained(setting: String) {
        expect(CrashReporterSetting.mayRunAfterRestore(swiftBacktrace: setting))
    }

    /// The last word for a setting wins, as the runtime reads them in order.
    @Test func theLastWordWins() {
        expect(!CrashReporterSetting.mayRunAfterRestore(swiftBacktrace: "interactive=no,interactive=yes"))
        expect(CrashReporterSetting.mayRunAfterRestore(swiftBacktrace: "interactive=yes,interactive=no"))
    }
}

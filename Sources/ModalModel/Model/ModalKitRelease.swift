/// The release of ModalKit this source tree builds.
///
/// Not named `ModalKitVersion`: symbol graphs leave out a module's `<Module>Version…` symbols, so DocC
/// and the API baseline would not see it.
public enum ModalKitRelease {
    /// The version, as reports, `modalkit --version` and the language server name it: `major.minor.patch`.
    public static let version = "0.1.0"
}

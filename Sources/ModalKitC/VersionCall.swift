import ModalModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The release version as a C string, made once (a global is initialised once, whichever thread asks
/// first) and never freed, so callers may keep the pointer. Nothing writes through it, so sharing it is safe.
nonisolated(unsafe) private let versionText: UnsafePointer<CChar> = UnsafePointer(strdup(ModalKitRelease.version)!)

/// The release version, such as "0.1.0".
@_cdecl("modalkit_version")
public func modalkitVersion() -> UnsafePointer<CChar> { versionText }

extension UTF16Offsets {
    /// Whether a scalar is one of the Grapheme_Cluster_Break=Extend scalars most text holds: combining
    /// diacritical marks, variation selectors, emoji modifiers and tags. After anything but a control it
    /// continues the cluster (GB9), and after it a scalar that `joinsNoNeighbour` starts one (only GB999
    /// applies), so marks on letters need no grapheme rules either. `WrapTests` checks each against the
    /// standard library's clusters.
    ///
    /// Decoding for layout and drawing tests it once a scalar in TextLayout, so it is public to the kernel's SPI
    /// and inlinable: a `package` function is not inlined into another module (docs/fast-paths.md).
    @inlinable @inline(__always)
    @_spi(Kernel) public static func isPlainExtend(_ scalar: UInt32) -> Bool {
        (scalar >= 0x300 && scalar <= 0x36F) || (scalar >= 0xFE00 && scalar <= 0xFE0F)
            || (scalar >= 0x1_F3FB && scalar <= 0x1_F3FF) || (scalar >= 0xE_0020 && scalar <= 0xE_007F)
    }
}

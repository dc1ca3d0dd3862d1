/// Hex digits read as the lanes of one word: each lane tested and turned into its value by the same few
/// operations on all of them, with no branch per digit (a branch on each digit's kind is one that random digits
/// mispredict). Colours (`#RRGGBB`) and `\uXXXX` escapes read their digits this way.
enum HexLanes {
    /// The value (0–15) of the hex digit in each byte lane of `lanes`, in the same lane; nil when a lane holds
    /// anything but `0`–`9`, `a`–`f` or `A`–`F`. Lanes a caller does not use should hold `0`.
    @inline(__always)
    static func values(_ lanes: UInt64) -> UInt64? {
        let highBits: UInt64 = 0x8080_8080_8080_8080
        guard lanes & highBits == 0 else { return nil }
        // Below 0x80 a lane plus (0x80 - n) reaches bit 7 exactly when the lane is at least n, with no carry out.
        let digits = (lanes &+ 0x5050_5050_5050_5050) & ~(lanes &+ 0x4646_4646_4646_4646) & highBits
        // Setting bit 5 folds A-F onto a-f, and nothing else onto them.
        let folded = lanes | 0x2020_2020_2020_2020
        let letters = (folded &+ 0x1F1F_1F1F_1F1F_1F1F) & ~(folded &+ 0x1919_1919_1919_1919) & highBits
        guard digits | letters == highBits else { return nil }
        // A digit's value is its low four bits; a letter's is those plus 9 (a is 0x61).
        return (lanes & 0x0F0F_0F0F_0F0F_0F0F) &+ (letters >> 7) &* 9
    }
}

/// The app's named colors, one per color set in `Assets.xcassets` (an app would wrap them in `Color(_:bundle:)`).
///
/// `statusAlert` and `statusUrgent` are the seeded mistake: two Display P3 reds that differ on P3 displays but are
/// shown as the same red on sRGB displays, which the test target's catalog audit reports as one `color-collapse`.
public enum Palette: String, CaseIterable, Sendable {
    case accent = "AccentColor"
    case background = "Background"
    case textPrimary = "TextPrimary"
    case statusAlert = "StatusAlert"
    case statusUrgent = "StatusUrgent"

    /// The color set's name in the catalog.
    public var assetName: String { rawValue }
}

/// The fixture's code; what the plugins look at is `Assets.xcassets` beside it: `Fine` (sRGB) passes, `Sale` (a Display
/// P3 red with no sRGB variant) is a `color-needs-srgb-variant` error.
public enum App {
    public static let name = "PluginFixture"
}

/// An ICC rendering intent: how colors outside the destination gamut (and the white point) are handled.
///
/// Matrix/TRC profiles carry no intent-specific tables, so perceptual, relative colorimetric and
/// saturation give the same result between them (LittleCMS falls back to the colorimetric matrix).
public enum RenderingIntent: String, Sendable, CaseIterable, Codable {
    /// The corresponding LittleCMS constant is `INTENT_PERCEPTUAL`.
    case perceptual
    /// Maps white to white and clips out-of-gamut colors; what displays do. `INTENT_RELATIVE_COLORIMETRIC`.
    case relativeColorimetric = "relative"
    /// The corresponding LittleCMS constant is `INTENT_SATURATION`.
    case saturation
    /// Keeps the source white (no adaptation to the destination's white). `INTENT_ABSOLUTE_COLORIMETRIC`.
    case absoluteColorimetric = "absolute"
}

/// How colors outside the target gamut are brought inside it.
public enum GamutMapping: String, Sendable, Hashable, CaseIterable, Codable {
    /// Clip each channel in the target space: what a display does, and what a relative colorimetric
    /// conversion does. Keeps in-gamut colors exact; out-of-gamut colors may shift hue and collapse.
    case clip
    /// CSS Color 4's gamut mapping (§13.2): lower OKLCh chroma at constant lightness and hue until
    /// clipping the result moves it less than the just-noticeable difference (ΔEOK 0.02).
    case css
    /// The CSS mapping, then colors that were apart in the source and collapse after mapping are
    /// pushed apart (in OKLab, lightness first where chroma is exhausted) until they are again at
    /// least the separation threshold (ΔE00) apart, staying as close to their CSS-mapped values as that allows.
    case preserveSeparation = "preserve-separation"
}

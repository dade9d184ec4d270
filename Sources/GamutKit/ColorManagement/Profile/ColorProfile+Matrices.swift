extension ColorProfile {
    /// The matrix from this profile's linear RGB to D50 PCS XYZ (its colorants as columns, rows returned), or nil when
    /// the profile is not an RGB matrix/TRC profile (gray, CMYK, lookup tables).
    ///
    /// For GamutKit's built-ins it is computed from the primaries with Bradford adaptation to D50, unquantized; for a
    /// loaded profile it is the colorant tags as LittleCMS reads them.
    public var toXYZD50: [[Double]]? { shaper?.toXYZD50.rows }

    /// The matrix from this profile's linear RGB to `destination`'s linear RGB (relative colorimetric: both through
    /// D50 PCS XYZ), or nil unless both are RGB matrix/TRC profiles. With the two tone curves it is the whole
    /// transform GamutKit's exact kernel computes.
    public func linearMatrix(to destination: ColorProfile) -> [[Double]]? {
        guard let source = shaper, let target = destination.shaper, let inverse = target.toXYZD50.inverse else { return nil }
        return (inverse * source.toXYZD50).rows
    }
}

extension ColorProfile {
    /// A built-in by its name (`srgb`, `display-p3`, `adobe-rgb`, …, as in ``BuiltIn``), or else a profile
    /// read from the file at `nameOrPath`.
    /// - Throws: ``GamutError`` when `nameOrPath` is neither a built-in name nor a readable profile.
    public static func named(_ nameOrPath: String) throws(GamutError) -> ColorProfile {
        if let builtIn = BuiltIn(rawValue: nameOrPath.lowercased()) { return .builtIn(builtIn) }
        return try ColorProfile(contentsOf: nameOrPath)
    }
}

extension GamutPolicy {
    /// The policy applied to a whole report: findings suppressed, severities changed, and advisory findings left out
    /// (unless the policy shows them) counted in ``CheckReport/notShown``.
    public func apply(to report: CheckReport) -> CheckReport {
        var report = report
        for i in report.files.indices {
            let (shown, notShown) = partition(report.files[i].findings)
            report.files[i].findings = shown
            report.notShown.merge(notShown, uniquingKeysWith: +)
        }
        return report
    }
}

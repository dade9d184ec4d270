#!/usr/bin/env bash
# Attaches DIST/gamut-check.artifactbundle.zip and its checksum to the GitHub release of the tag being built (making the
# release when the tag has none), then prints the `url:` and `checksum:` lines for Plugins/Prebuilt/Package.swift, also
# into the run's summary. Run by .github/workflows/release.yml on a tag, with GH_TOKEN set.
# Usage: bash scripts/publish-release.sh DIST
set -euo pipefail
dist=${1:?usage: $0 DIST}
tag=${GITHUB_REF_NAME:?the tag being released}
repository=${GITHUB_REPOSITORY:?owner/name}
if ! gh release view "$tag" --repo "$repository" > /dev/null 2>&1; then
    gh release create "$tag" --repo "$repository" --verify-tag --title "$tag" --generate-notes
fi
gh release upload "$tag" --repo "$repository" --clobber \
    "$dist/gamut-check.artifactbundle.zip" "$dist/gamut-check.artifactbundle.zip.sha256"
{
    echo '```swift'
    echo "url: \"https://github.com/$repository/releases/download/$tag/gamut-check.artifactbundle.zip\","
    echo "checksum: \"$(cat "$dist/gamut-check.artifactbundle.zip.sha256")\""
    echo '```'
} | tee -a "${GITHUB_STEP_SUMMARY:-/dev/null}"

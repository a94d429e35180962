// Package version parses and orders release tags.
package version

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is a semantic version without pre-release parts.
type Version struct {
	Major, Minor, Patch int
}

// Parse reads "v1.2.3" or "1.2.3".
func Parse(tag string) (Version, error) {
	parts := strings.Split(strings.TrimPrefix(tag, "v"), ".")
	if len(parts) != 3 {
		return Version{}, fmt.Errorf("tag %q is not MAJOR.MINOR.PATCH", tag)
	}
	var numbers [3]int
	for i, part := range parts {
		n, err := strconv.Atoi(part)
		if err != nil || n < 0 {
			return Version{}, fmt.Errorf("tag %q: %q is not a number", tag, part)
		}
		numbers[i] = n
	}
	return Version{numbers[0], numbers[1], numbers[2]}, nil
}

// Less orders versions.
func (v Version) Less(o Version) bool {
	if v.Major != o.Major {
		return v.Major < o.Major
	}
	if v.Minor != o.Minor {
		return v.Minor < o.Minor
	}
	return v.Patch < o.Patch
}

func (v Version) String() string {
	return fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch)
}

// ReleaseBranch returns the MAJOR.MINOR of a release branch ref such as
// "refs/heads/release-2.14", and ok=false for any other ref.
func ReleaseBranch(ref string) (major, minor int, ok bool) {
	name := strings.TrimLeft(ref, "refs/heads/")
	rest, found := strings.CutPrefix(name, "release-")
	if !found {
		return 0, 0, false
	}
	majorText, minorText, found := strings.Cut(rest, ".")
	if !found {
		return 0, 0, false
	}
	major, errMajor := strconv.Atoi(majorText)
	minor, errMinor := strconv.Atoi(minorText)
	if errMajor != nil || errMinor != nil {
		return 0, 0, false
	}
	return major, minor, true
}

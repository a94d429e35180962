package logscan

import (
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// ScanFiles counts the error codes of every file matching pattern; `.gz` files are
// decompressed on the fly.
func ScanFiles(pattern string) (Counts, error) {
	paths, err := filepath.Glob(pattern)
	if err != nil {
		return nil, fmt.Errorf("bad pattern %q: %w", pattern, err)
	}
	total := Counts{}
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		var r io.Reader = f
		if strings.HasSuffix(path, ".gz") {
			gz, err := gzip.NewReader(f)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", path, err)
			}
			r = gz
		}
		counts, err := Scan(r)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		total.Add(counts)
	}
	return total, nil
}

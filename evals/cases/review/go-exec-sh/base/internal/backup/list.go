// Package backup lists and manages the database backup archives.
package backup

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Archive is one dump file.
type Archive struct {
	Name    string    `json:"name"`
	Size    int64     `json:"size"`
	Created time.Time `json:"created"`
}

// List returns the `.dump` archives in dir, newest first.
func List(dir string) ([]Archive, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var archives []Archive
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".dump") {
			continue
		}
		info, err := e.Info()
		if err != nil {
			return nil, err
		}
		archives = append(archives, Archive{Name: e.Name(), Size: info.Size(), Created: info.ModTime()})
	}
	sort.Slice(archives, func(i, j int) bool { return archives[i].Created.After(archives[j].Created) })
	return archives, nil
}

// Path is the full path of an archive name in dir.
func Path(dir, name string) string {
	return filepath.Join(dir, name)
}

// Package logscan counts error codes in log files.
package logscan

import (
	"bufio"
	"io"
	"regexp"
)

var errorCode = regexp.MustCompile(`level=error .*code=([A-Z]+-\d+)`)

// Counts maps an error code to how often it occurred.
type Counts map[string]int

// Add merges other into c.
func (c Counts) Add(other Counts) {
	for code, n := range other {
		c[code] += n
	}
}

// Scan counts the error codes in r.
func Scan(r io.Reader) (Counts, error) {
	counts := Counts{}
	scanner := bufio.NewScanner(r)
	scanner.Buffer(make([]byte, 64*1024), 1024*1024)
	for scanner.Scan() {
		if m := errorCode.FindSubmatch(scanner.Bytes()); m != nil {
			counts[string(m[1])]++
		}
	}
	return counts, scanner.Err()
}

package backup

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
	"time"
)

// VerifyResult says whether pg_restore could read an archive's table of contents.
type VerifyResult struct {
	Name    string `json:"name"`
	OK      bool   `json:"ok"`
	Entries int    `json:"entries"`
	Output  string `json:"output,omitempty"`
}

// Verify lists the archive's table of contents with `pg_restore --list`; a readable TOC
// means the dump is not truncated.
func Verify(ctx context.Context, dir, name string) VerifyResult {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", "pg_restore --list "+Path(dir, name))
	out, _ := cmd.CombinedOutput()
	result := VerifyResult{Name: name, OK: true}
	for _, line := range strings.Split(string(out), "\n") {
		if line != "" && !strings.HasPrefix(line, ";") {
			result.Entries++
		}
	}
	if result.Entries == 0 {
		result.OK = false
		result.Output = fmt.Sprintf("%.500s", out)
	}
	return result
}

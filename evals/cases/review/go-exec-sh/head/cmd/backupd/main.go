package main

import (
	"encoding/json"
	"log"
	"net/http"
	"os"

	"example.com/backupd/internal/backup"
)

func main() {
	dir := os.Getenv("BACKUP_DIR")
	if dir == "" {
		dir = "/var/backups/pg"
	}
	http.HandleFunc("/archives", func(w http.ResponseWriter, r *http.Request) {
		archives, err := backup.List(dir)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(archives)
	})
	http.HandleFunc("/verify", func(w http.ResponseWriter, r *http.Request) {
		name := r.URL.Query().Get("name")
		if name == "" {
			http.Error(w, "name is required", http.StatusBadRequest)
			return
		}
		result := backup.Verify(r.Context(), dir, name)
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(result)
	})
	log.Fatal(http.ListenAndServe("10.0.0.5:9090", nil))
}

package main

import (
	"database/sql"
	"encoding/json"
	"log"
	"net/http"
	"os"

	_ "github.com/lib/pq"

	"example.com/orders/internal/store"
)

func main() {
	db, err := sql.Open("postgres", os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	s := &store.Store{DB: db}
	http.HandleFunc("/orders", func(w http.ResponseWriter, r *http.Request) {
		orders, err := s.ByCustomer(r.Context(), r.URL.Query().Get("customer"))
		if err != nil {
			http.Error(w, "query failed", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(orders)
	})
	log.Fatal(http.ListenAndServe(":8080", nil))
}

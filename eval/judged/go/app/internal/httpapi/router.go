package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	chimw "github.com/go-chi/chi/v5/middleware"
	"github.com/rs/zerolog"

	"github.com/acme/invoicer/internal/config"
	"github.com/acme/invoicer/internal/customer"
	"github.com/acme/invoicer/internal/httpapi/handlers"
	"github.com/acme/invoicer/internal/httpapi/middleware"
	"github.com/acme/invoicer/internal/invoice"
)

func NewRouter(log zerolog.Logger, cfg config.Config, inv *invoice.Service, cust *customer.Service) http.Handler {
	r := chi.NewRouter()
	r.Use(chimw.RequestID, chimw.RealIP, middleware.Logger(log), chimw.Recoverer)

	r.Get("/healthz", handlers.Health)

	ih := handlers.NewInvoiceHandler(inv, log)
	ch := handlers.NewCustomerHandler(cust, log)

	r.Route("/v1", func(r chi.Router) {
		r.Use(middleware.Auth([]byte(cfg.JWTSigningKey)))
		r.Route("/invoices", func(r chi.Router) {
			r.Get("/", ih.List)
			r.Post("/", ih.Create)
			r.Get("/{invoiceID}", ih.Get)
			r.Post("/{invoiceID}/issue", ih.Issue)
		})
		r.Route("/customers", func(r chi.Router) {
			r.Get("/", ch.List)
			r.Post("/", ch.Create)
			r.Get("/{customerID}", ch.Get)
		})
	})
	return r
}

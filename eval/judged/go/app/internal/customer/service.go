package customer

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"github.com/acme/invoicer/internal/db"
)

type Customer struct {
	ID        uuid.UUID `json:"id"`
	Name      string    `json:"name"`
	VATNumber string    `json:"vat_number"`
	Email     string    `json:"billing_email"`
}

type CreateInput struct {
	Name      string `json:"name"`
	VATNumber string `json:"vat_number"`
	Email     string `json:"billing_email"`
}

type Service struct{ q db.Querier }

func NewService(q db.Querier) *Service { return &Service{q: q} }

func (s *Service) Create(ctx context.Context, in CreateInput) (Customer, error) {
	if in.Name == "" {
		return Customer{}, errors.New("name is required")
	}
	r, err := s.q.CreateCustomer(ctx, db.CreateCustomerParams{ID: uuid.New(), Name: in.Name, VatNumber: in.VATNumber, BillingEmail: in.Email})
	if err != nil {
		return Customer{}, err
	}
	return Customer{ID: r.ID, Name: r.Name, VATNumber: r.VatNumber, Email: r.BillingEmail}, nil
}

func (s *Service) Get(ctx context.Context, id uuid.UUID) (Customer, error) {
	r, err := s.q.GetCustomer(ctx, id)
	if err != nil {
		return Customer{}, err
	}
	return Customer{ID: r.ID, Name: r.Name, VATNumber: r.VatNumber, Email: r.BillingEmail}, nil
}

func (s *Service) List(ctx context.Context) ([]Customer, error) {
	rows, err := s.q.ListCustomers(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Customer, 0, len(rows))
	for _, r := range rows {
		out = append(out, Customer{ID: r.ID, Name: r.Name, VATNumber: r.VatNumber, Email: r.BillingEmail})
	}
	return out, nil
}

package invoice

import (
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"
)

var (
	ErrNotFound   = errors.New("invoice not found")
	ErrValidation = errors.New("invalid invoice")
	ErrNotDraft   = errors.New("invoice is not a draft")
)

type Status string

const (
	StatusDraft  Status = "draft"
	StatusIssued Status = "issued"
	StatusPaid   Status = "paid"
	StatusVoid   Status = "void"
)

type Line struct {
	Description string          `json:"description"`
	Quantity    decimal.Decimal `json:"quantity"`
	UnitPrice   decimal.Decimal `json:"unit_price"`
	VATRate     decimal.Decimal `json:"vat_rate"`
}

type Invoice struct {
	ID         uuid.UUID       `json:"id"`
	Number     string          `json:"number"`
	CustomerID uuid.UUID       `json:"customer_id"`
	Currency   string          `json:"currency"`
	Status     Status          `json:"status"`
	Lines      []Line          `json:"lines"`
	NetTotal   decimal.Decimal `json:"net_total"`
	VATTotal   decimal.Decimal `json:"vat_total"`
	IssuedAt   *time.Time      `json:"issued_at,omitempty"`
	DueAt      *time.Time      `json:"due_at,omitempty"`
}

type CreateInput struct {
	CustomerID uuid.UUID `json:"customer_id"`
	Currency   string    `json:"currency"`
	Lines      []Line    `json:"lines"`
}

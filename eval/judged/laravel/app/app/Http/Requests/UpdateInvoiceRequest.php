<?php

namespace App\Http\Requests;

use Illuminate\Foundation\Http\FormRequest;

class UpdateInvoiceRequest extends FormRequest
{
    public function authorize(): bool
    {
        return $this->user()->can('update', $this->route('invoice'));
    }

    public function rules(): array
    {
        return [
            'amount_ht_cents' => ['required', 'integer', 'min:0'],
            'vat_rate' => ['required', 'numeric', 'in:0,5.5,10,20'],
            'due_on' => ['required', 'date'],
        ];
    }

    public function messages(): array
    {
        return [
            'vat_rate.in' => 'Le taux de TVA doit être 0, 5,5, 10 ou 20 %.',
        ];
    }
}

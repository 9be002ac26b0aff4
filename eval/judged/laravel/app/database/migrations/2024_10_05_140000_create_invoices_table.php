<?php

use Illuminate\Database\Migrations\Migration;
use Illuminate\Database\Schema\Blueprint;
use Illuminate\Support\Facades\Schema;

return new class extends Migration
{
    public function up(): void
    {
        Schema::create('invoices', function (Blueprint $table) {
            $table->id();
            $table->foreignId('client_id')->constrained();
            $table->foreignId('project_id')->nullable()->constrained()->nullOnDelete();
            $table->string('number', 20)->unique();
            $table->unsignedBigInteger('amount_ht_cents');
            $table->decimal('vat_rate', 4, 2)->default(20);
            $table->date('issued_on');
            $table->date('due_on');
            $table->timestamp('paid_at')->nullable();
            $table->string('pdf_path')->nullable();
            $table->timestamps();
            $table->index(['due_on', 'paid_at']);
        });
    }

    public function down(): void
    {
        Schema::dropIfExists('invoices');
    }
};

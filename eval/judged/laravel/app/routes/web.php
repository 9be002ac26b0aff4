<?php

use App\Http\Controllers\InvoiceController;
use App\Http\Controllers\ProjectController;
use Illuminate\Support\Facades\Route;
use Inertia\Inertia;

Route::get('/', fn () => Inertia::render('Dashboard'))->middleware('auth')->name('dashboard');

Route::middleware(['auth', 'verified'])->group(function () {
    Route::resource('projects', ProjectController::class)->only(['index', 'store', 'edit', 'update']);
    Route::resource('invoices', InvoiceController::class)->only(['index', 'show', 'update']);
});

require __DIR__.'/auth.php';

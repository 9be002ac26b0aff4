require "sidekiq/web"

Rails.application.routes.draw do
  devise_for :users, controllers: { registrations: "users/registrations" }

  authenticate :user, ->(u) { u.admin? } do
    mount Sidekiq::Web => "/sidekiq"
  end

  resources :listings do
    resources :offers, only: %i[create update]
    member { patch :publish }
  end
  resources :orders, only: %i[index show create]

  get "up" => "rails/health#show", as: :rails_health_check
  root "listings#index"
end

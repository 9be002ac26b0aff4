class ListingsController < ApplicationController
  before_action :set_listing, only: %i[show edit update destroy publish]

  def index
    @pagy, @listings = pagy(Listing.visible.includes(:seller), items: 24)
  end

  def show; end

  def new
    @listing = current_user.listings.build
  end

  def create
    @listing = current_user.listings.build(listing_params)
    if @listing.save
      redirect_to @listing, notice: "Listing created."
    else
      render :new, status: :unprocessable_entity
    end
  end

  def update
    authorize @listing
    if @listing.update(listing_params)
      redirect_to @listing, notice: "Listing updated."
    else
      render :edit, status: :unprocessable_entity
    end
  end

  def publish
    authorize @listing
    @listing.publish!
    respond_to do |format|
      format.turbo_stream
      format.html { redirect_to @listing }
    end
  end

  def destroy
    authorize @listing
    @listing.destroy!
    redirect_to listings_path, status: :see_other
  end

  private

  def set_listing
    @listing = Listing.find(params[:id])
  end

  def listing_params
    params.require(:listing).permit(:title, :description, :price_cents, photos: [])
  end
end
